export function buildFrontendInto(outDir: string): string;
export function builtFrontend(env?: NodeJS.ProcessEnv): { dist: string; remove(): void };
