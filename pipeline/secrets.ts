/**
 * Secrets never persist: anything written to the database, an export, a log or an error message
 * passes through here first.
 */
const SECRET_ENV = /(_API_KEY|_TOKEN|_SECRET|_PASSWORD)$/;

/** Values of secret-looking environment variables, longest first (so overlapping ones redact fully). */
export function secretValues(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([k, v]) => SECRET_ENV.test(k) && typeof v === 'string' && v.length >= 8)
    .map(([, v]) => v as string)
    .sort((a, b) => b.length - a.length);
}

export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = text;
  for (const value of secretValues(env)) out = out.split(value).join('[REDACTED]');
  // Bearer tokens, sk- style keys and Hugging Face hf_ tokens that did not come from the environment.
  return out.replace(/\b(sk-[A-Za-z0-9_-]{8,}|hf_[A-Za-z0-9]{20,})/g, '[REDACTED]').replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1[REDACTED]');
}
