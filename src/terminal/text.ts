// Text for a person's terminal: colour only where it is wanted, and control characters in
// a command shown, never obeyed.

import type { RiskAssessment, Severity } from '../core/contracts.js';

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  verdict(decision: RiskAssessment['decision'], s: string): string;
  severity(sev: Severity, s: string): string;
}

const esc = (code: string) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;
const COLOUR: Style = {
  bold: esc('1'),
  dim: esc('2'),
  verdict: (d, s) => (d === 'deny' ? esc('1;31')(s) : d === 'ask' ? esc('1;33')(s) : esc('1;32')(s)),
  severity: (sev, s) => (sev === 'Critical' || sev === 'High' ? esc('31')(s) : sev === 'Medium' ? esc('33')(s) : esc('2')(s)),
};
const PLAIN: Style = { bold: (s) => s, dim: (s) => s, verdict: (_d, s) => s, severity: (_v, s) => s };

/** Colour only on a terminal, and never when NO_COLOR is set to anything non-empty. */
export function styleFor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  if (env.NO_COLOR) return PLAIN;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return COLOUR;
  return stream.isTTY ? COLOUR : PLAIN;
}

/** Terminal-safe: control characters in a command must not drive the terminal. */
export function printable(s: string): string {
  return s.replace(/[\x00-\x08\x0b-\x1f\x7f\x9b]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
