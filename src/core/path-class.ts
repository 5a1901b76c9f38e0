// Where a target path points, as rules name it (schemas/rule.schema.json lists the same
// classes). The class, not the verb alone, decides how bad a command is: `rm -rf
// node_modules` is routine, `rm -rf ~` is not. Context (src/context/paths.ts) works out a
// path's class; the catalogue's rules say what each class is worth.

export const PATH_CLASSES = [
  'root',
  'system',
  'device',
  'null_device',
  'guard_config',
  'holds_guard',
  'home',
  'home_sensitive',
  'outside_project',
  'ancestor',
  'project_root',
  'git_dir',
  'project_data',
  'project',
  'disposable',
  'temp_root',
  'temp',
  'guarded',
  'unknown',
] as const;
export type PathClass = (typeof PATH_CLASSES)[number];
