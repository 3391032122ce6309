import type ExcelJS from 'exceljs';

/**
 * exceljs could not be loaded (a broken or partial install, a failing module): the server's fault, never the file's.
 * A sheet upload must not answer it as "the file cannot be read" (a 422 naming the server's paths): it is a 500, logged.
 */
export class ExcelJsUnavailable extends Error {
  constructor(cause: unknown) {
    super('the spreadsheet library (exceljs) could not be loaded', { cause });
    this.name = 'ExcelJsUnavailable';
  }
}

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded on the first report or sheet read rather than at every start (~0.25 s of CPU and its modules' memory);
 * concurrent first uses share one load. A failed load fails every later use too (Node keeps a failed import, even once
 * the package is back): the process must be restarted.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default, (error: unknown) => { throw new ExcelJsUnavailable(error); });
  return loading;
}
