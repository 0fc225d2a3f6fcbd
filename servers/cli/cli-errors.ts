/**
 * What a command throws besides the server's refusals: a usage error (exit 2,
 * nothing was done) and a refusal of the CLI's own (exit 1, its message as is).
 */
export class UsageError extends Error {}

export class Refusal extends Error {}
