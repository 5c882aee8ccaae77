/** The SMTP sink's ports beside the app's: SMTP on E2E_PORT + 1, its inspection endpoint on E2E_PORT + 2. */
export const e2ePorts = (appPort: number) => ({ smtp: appPort + 1, inspect: appPort + 2 });
