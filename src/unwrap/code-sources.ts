// Which commands bring code in from outside, or turn it into something unreadable: shared
// by the stdin reader (curl ... | sh) and command substitution ($(curl ...)).

/** Commands whose output is whatever a server sent. */
export const DOWNLOADERS = new Set([
  'curl',
  'wget',
  'fetch',
  'http',
  'https',
  'xh',
  'aria2c',
  'lwp-request',
  'GET',
  'lynx',
  'links',
  'nc',
  'ncat',
  'socat',
  'gh',
  'invoke-webrequest',
  'iwr',
]);

/** Commands whose output is decoded, decompressed or decrypted from their input. */
export const DECODERS = new Set([
  'base64',
  'base32',
  'basenc',
  'xxd',
  'openssl',
  'gunzip',
  'zcat',
  'gzip',
  'bzip2',
  'bunzip2',
  'bzcat',
  'xz',
  'unxz',
  'xzcat',
  'zstd',
  'unzstd',
  'uudecode',
  'rev',
  'tr',
  'gpg',
  'age',
  'unzip',
  'tar',
]);
