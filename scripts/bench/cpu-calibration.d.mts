export declare const CALIBRATION_POINTS: ReadonlyArray<readonly [number, number]>;
export declare function cpuSlowdownMultiplier(benchmarkIndex: number): number;
export declare function median(values: readonly unknown[]): number | null;
export declare const CONTROL_MIN_SCORE: number;
