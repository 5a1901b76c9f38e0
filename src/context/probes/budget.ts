// A time budget shared by the probes of one assessment: whatever does not finish in time
// is reported as "at least ..." or left out, and the assessment still returns on time.

/** Milliseconds on a monotonic clock; performance.now() would load perf_hooks, a few milliseconds of every check's start-up. */
function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export class Budget {
  private readonly end: number;
  constructor(ms: number) {
    this.end = now() + ms;
  }
  remaining(): number {
    return Math.max(0, this.end - now());
  }
  expired(): boolean {
    return now() >= this.end;
  }
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[u]}`;
}
