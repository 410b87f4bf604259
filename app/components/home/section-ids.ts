/** Anchors of the home page sections that other parts of the page point to. */
export const SOLUTIONS_SECTION_ID = 'solutions';
export const SOLUTIONS_HEADING_ID = 'solutions-title';
