export declare const SERVER_HEAP_OPTION: string;
export declare const SERVER_MALLOC_TUNABLES: string;
export declare function serverProcessEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
