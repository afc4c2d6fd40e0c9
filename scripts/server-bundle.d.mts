export declare const serverOutDir: (root: string) => string;
export declare const serverEntry: (root: string) => string;
export declare function serverBuildNeeded(root: string): string | undefined;
export declare function buildServer(root: string): Promise<void>;
