// Prints the VITE_ADMIN_CODE_HASH line for a local edition's administrator code:
//   npm run admin-code                 makes a strong random code and shows it once
//   npm run admin-code -- "<code>"     hashes a code of your own (at least 8 characters)
// Put the line in .env (or the build's environment); the code itself is never stored anywhere.
// Only the line goes to standard output (so `npm run -s admin-code >> .env` works); the made-up
// code and its note go to the terminal through standard error.
import { pbkdf2Sync, randomBytes } from 'node:crypto';

/** As PBKDF2_ITERATIONS in src/domain/constants.ts: the build refuses a hash with fewer. */
const ITERATIONS = 600_000;
const MIN_GIVEN_LENGTH = 8;
/** 24 random bytes: a 32-character base64url code, 192 bits, beyond any offline guessing. */
const GENERATED_BYTES = 24;

let code = process.argv.slice(2).join(' ').trim();
if (code === '') {
  code = randomBytes(GENERATED_BYTES).toString('base64url');
  console.error(
    [
      'A new administrator code was made. It is shown only now and stored nowhere: the owner',
      'must keep it (e.g. in a password manager). Whoever has it can make an account an admin.',
      '',
      `  ${code}`,
      '',
    ].join('\n'),
  );
} else if (code.length < MIN_GIVEN_LENGTH) {
  console.error(
    `Give a code of at least ${MIN_GIVEN_LENGTH} characters: npm run admin-code -- "<code>"` +
      ' (or no code at all, and a strong one is made for you)',
  );
  process.exit(1);
}
const salt = randomBytes(16);
const hash = pbkdf2Sync(code, salt, ITERATIONS, 32, 'sha256');
console.log(
  `VITE_ADMIN_CODE_HASH=pbkdf2-sha256:${ITERATIONS}:${salt.toString('base64')}:${hash.toString('base64')}`,
);
