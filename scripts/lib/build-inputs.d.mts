export function isBuildInput(relativePath: string): boolean;
export function newestBuildInput(root: string): { mtimeMs: number; path: string | undefined };
