/** Where the journeys' SMTP sink listens (SMTP) and serves what it received (HTTP). */
export const smtpSinkPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const smtpSinkHttpPort = Number(process.env.E2E_SMTP_HTTP_PORT ?? 2527);
export const smtpSinkUrl = `http://127.0.0.1:${smtpSinkHttpPort}`;
