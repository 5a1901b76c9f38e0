// Trailing slashes off a path, by a loop: the regular expression /\/+$/ is tried from every
// slash of a run and takes quadratic time on a hostile word of many slashes.

/** The path without the slashes it ends with (a path of only slashes becomes ''). */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}
