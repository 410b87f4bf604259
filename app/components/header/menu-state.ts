/**
 * Which header dropdown is open. Only one at a time; a disabled dropdown never opens.
 * Kept pure so the rules are unit-tested apart from the DOM.
 */
export type DropdownId = 'particuliers' | 'professionnels';

export interface MenuState {
  open: DropdownId | null;
}

export type MenuAction =
  { type: 'toggle'; id: DropdownId } | { type: 'open'; id: DropdownId } | { type: 'close' };

export interface MenuRules {
  disabled: ReadonlySet<DropdownId>;
}

export const closedMenu: MenuState = { open: null };

export function menuReducer(state: MenuState, action: MenuAction, rules: MenuRules): MenuState {
  switch (action.type) {
    case 'toggle':
      if (rules.disabled.has(action.id)) return state;
      return { open: state.open === action.id ? null : action.id };
    case 'open':
      if (rules.disabled.has(action.id)) return state;
      return { open: action.id };
    case 'close':
      return state.open === null ? state : closedMenu;
  }
}

/** True when a pointer event at `target` lies outside every element of `inside`. */
export function isOutside(target: Node | null, inside: ReadonlyArray<Node | null>): boolean {
  if (!target) return true;
  return inside.every((node) => !node || !node.contains(target));
}
