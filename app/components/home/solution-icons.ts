import {
  AirVent,
  Building,
  ChartLine,
  ClipboardCheck,
  Layers,
  Lightbulb,
  type IconComponent,
  PaintRoller,
  Receipt,
  Snowflake,
  Sun,
  Sparkles,
  Wind,
} from '#app/components/ui/icons.tsx';

/** The icon of each business solution card in the home carousel, by slug. */
export const solutionIcons: Readonly<Record<string, IconComponent>> = {
  'decret-tertiaire': Building,
  'audit-energetique': ClipboardCheck,
  'eclairage-led': Lightbulb,
  'monitoring-energetique': ChartLine,
  'optimisation-facture-energie': Receipt,
  'hp-flottante': Snowflake,
  'isolation-thermique-exterieur': Layers,
  'peinture-thermoreulante': PaintRoller,
  'centrale-photovoltaique': Sun,
  'ventilation-double-flux': Wind,
  climatisation: AirVent,
};

/** Icon for a slug, with a neutral fallback for a solution added to the catalog later. */
export function solutionIcon(slug: string): IconComponent {
  return solutionIcons[slug] ?? Sparkles;
}
