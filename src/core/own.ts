// Looking a name from the command line up in a table. A plain `table[name]` finds
// Object.prototype's members too: a command named `constructor` or `valueOf` must be
// just an unknown command, not a function (the fuzz test found this).

export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
