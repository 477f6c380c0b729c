/** The status line and headers of a hashed script as the app sends it, at most, in bytes (script-headers.mjs). */
export declare const SCRIPT_HEADER_BYTES: number;
