/** Business constants of the reference site (its specification, "Business constants and limits"). */
export const FLOATING_ACTIONS_SCROLL_THRESHOLD_PX = 300;
export const STICKY_HEADER_OFFSET_PX = 96;
