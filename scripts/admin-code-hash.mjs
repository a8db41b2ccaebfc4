// Prints the VITE_ADMIN_CODE_HASH line for a local edition's administrator code:
//   npm run admin-code -- "a long code only the owner knows"
// Put the line in .env (or the build's environment); the code itself is never stored anywhere.
import { pbkdf2Sync, randomBytes } from 'node:crypto';

const code = process.argv.slice(2).join(' ').trim();
if (code.length < 8) {
  console.error('Give a code of at least 8 characters: npm run admin-code -- "<code>"');
  process.exit(1);
}
const iterations = 600_000;
const salt = randomBytes(16);
const hash = pbkdf2Sync(code, salt, iterations, 32, 'sha256');
console.log(
  `VITE_ADMIN_CODE_HASH=pbkdf2-sha256:${iterations}:${salt.toString('base64')}:${hash.toString('base64')}`,
);
