export declare const e2ePort: () => number;
export declare const e2eDataDir: (port?: number) => string;
export declare const oidcPort: (port?: number) => number;
export declare const googleUser: { sub: string; email: string; name: string };
