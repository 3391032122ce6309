import { EntitySchema, type EntitySchemaColumnOptions, type ValueTransformer } from 'typeorm';

/** Logical column types; money is `double` (a JS number both ways, unlike `numeric`, which `pg` returns as a string). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'double' | 'boolean' | 'instant' | 'json';

/** One column: the row property and its type; the SQL name is the property in snake_case. */
export interface ColumnSpec<Row> {
  readonly prop: keyof Row & string;
  readonly type: ColumnType;
  readonly nullable?: boolean;
}

/** A secondary index over row properties, optionally partial; `upper` props are indexed as `upper(column)`. */
export interface IndexSpec<Row> {
  readonly name: string;
  readonly props: readonly (keyof Row & string)[];
  readonly where?: string;
  /** Text props compared any case (`upper(column) = ...`): the index holds the upper-cased value. */
  readonly upper?: readonly (keyof Row & string)[];
}

function indexPart<Row>(i: IndexSpec<Row>, prop: keyof Row & string): string {
  return i.upper?.includes(prop) ? `upper(${ident(snake(prop))})` : ident(snake(prop));
}

/** A read-model table: the single source of its DDL, its TypeORM entity and its SQL. */
export interface TableSpec<Row> {
  readonly table: string;
  readonly entity: string;
  readonly columns: readonly ColumnSpec<Row>[];
  readonly primary: readonly (keyof Row & string)[];
  readonly indexes: readonly IndexSpec<Row>[];
  /** Free space left in each page for updated rows (HOT updates); for tables whose rows change often. */
  readonly fillfactor?: number;
  /**
   * Columns of earlier releases no longer written (SQL names), dropped from an existing table when the schema is
   * ensured: `CREATE TABLE IF NOT EXISTS` leaves an old table as it was, and a leftover NOT NULL column would refuse
   * every insert (and may hold personal data that must go, as the usernames of offers and sales did).
   */
  readonly droppedColumns?: readonly string[];
  /**
   * Nullable columns added after a release (props): added to an existing table when the schema is ensured, since
   * `CREATE TABLE IF NOT EXISTS` leaves an old table as it was. Rows projected before hold null, right when the column
   * is filled by events the earlier release never wrote.
   */
  readonly addedColumns?: readonly (keyof Row & string)[];
}

const SQL_TYPES: Record<ColumnType, string> = {
  text: 'text', integer: 'integer', bigint: 'bigint', double: 'double precision', boolean: 'boolean',
  instant: 'timestamptz', json: 'jsonb',
};

/** The SQL type of a column type. */
export function sqlType(type: ColumnType): string {
  return SQL_TYPES[type];
}

/** `createdPosition` → `created_position`. */
export function snake(prop: string): string {
  return prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A single-quoted SQL string literal. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `"schema"."table"` of a spec. */
export function qualified<Row>(schema: string, spec: TableSpec<Row>): string {
  return `${ident(schema)}.${ident(spec.table)}`;
}

/** Idempotent DDL of one table and its indexes in `schema`. */
export function tableDdl<Row>(schema: string, spec: TableSpec<Row>): string[] {
  const columns = spec.columns.map((c) => `${ident(snake(c.prop))} ${sqlType(c.type)}${c.nullable ? '' : ' NOT NULL'}`);
  const pk = spec.primary.map((p) => ident(snake(p))).join(', ');
  const table = qualified(schema, spec);
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (${columns.join(', ')}, PRIMARY KEY (${pk}))${spec.fillfactor ? ` WITH (fillfactor = ${spec.fillfactor})` : ''}`,
    ...spec.indexes.map((i) =>
      `CREATE INDEX IF NOT EXISTS ${ident(`${spec.table}_${i.name}`)} ON ${table} (${i.props.map((p) => indexPart(i, p)).join(', ')})` +
      (i.where ? ` WHERE ${i.where}` : '')),
    // Only when the column is missing (an ALTER TABLE locks the table even when it changes nothing).
    ...(spec.addedColumns ?? []).map((prop) => {
      const column = spec.columns.find((c) => c.prop === prop)!;
      return `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = ${literal(schema)} AND table_name = ${literal(spec.table)} ` +
        `AND column_name = ${literal(snake(prop))}) THEN ALTER TABLE ${table} ADD COLUMN ${ident(snake(prop))} ${sqlType(column.type)}; END IF; END $$`;
    }),
    // Only when the column is there: an ALTER TABLE locks the table even when it has nothing to drop.
    ...(spec.droppedColumns ?? []).map((c) =>
      `DO $$ BEGIN IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = ${literal(schema)} AND table_name = ${literal(spec.table)} ` +
      `AND column_name = ${literal(c)}) THEN ALTER TABLE ${table} DROP COLUMN ${ident(c)}; END IF; END $$`),
  ];
}

const toNumber: ValueTransformer = { to: (v: unknown) => v, from: (v: unknown) => (v === null || v === undefined ? v : Number(v)) };
const toIsoString: ValueTransformer = {
  to: (v: unknown) => v,
  from: (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? v : new Date(String(v)).toISOString()),
};

/**
 * The TypeORM entity of a table in one schema (same columns, names and types as the DDL), for callers that
 * prefer repositories. Instants are read as ISO strings and bigints as numbers, as the projections see them.
 */
export function entitySchemaOf<Row>(spec: TableSpec<Row>, schema: string): EntitySchema<Row> {
  const columns: Record<string, EntitySchemaColumnOptions> = {};
  for (const c of spec.columns) {
    columns[c.prop] = {
      name: snake(c.prop),
      type: sqlType(c.type) as EntitySchemaColumnOptions['type'],
      nullable: !!c.nullable,
      primary: spec.primary.includes(c.prop),
      ...(c.type === 'bigint' ? { transformer: toNumber } : c.type === 'instant' ? { transformer: toIsoString } : {}),
    };
  }
  return new EntitySchema<Row>({
    name: spec.entity,
    tableName: spec.table,
    schema,
    columns: columns as never,
    // TypeORM describes no expression index: those with `upper` are the DDL's alone (synchronize is off).
    indices: spec.indexes.filter((i) => !i.upper?.length).map((i) => ({ name: `${spec.table}_${i.name}`, columns: [...i.props], ...(i.where ? { where: i.where } : {}) })),
  });
}
