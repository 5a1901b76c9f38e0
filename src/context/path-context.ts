// The facts about where a command runs that classifying its paths needs.

export interface PathContext {
  /** Absolute directory the command runs in. */
  cwd: string;
  home: string;
  /** The enclosing git work tree, or cwd when there is none. */
  projectRoot: string;
  tempDirs: string[];
  /** firebreak's own files on this machine (own-files.ts), beside the names guard-paths.ts lists. */
  guarded?: string[];
  /** Agents' settings directories moved out of the home by their environment (own-files.ts), and the home path each stands for. */
  agentDirs?: Array<{ dir: string; as: string }>;
  /** For a place described rather than detected: the project data files it holds (a .env); otherwise the file system is looked at. */
  files?: readonly string[];
}
