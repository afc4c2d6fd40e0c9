export declare const rendererInputs: readonly string[];
export declare const stampPath: (root: string) => string;
export declare function rendererInputsHash(root: string, inputs?: readonly string[]): string;
export declare function buildNeeded(root: string, hash: string): string | undefined;
export declare function writeStamp(root: string, hash: string): void;
export declare function removeStamp(root: string): void;
