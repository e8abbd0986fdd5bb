// Passwords are hashed with argon2id at OWASP's recommended parameters
// (19 MiB memory, 2 iterations, parallelism 1).
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
