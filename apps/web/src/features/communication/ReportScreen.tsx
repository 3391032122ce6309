import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminReportQuery, LOGIN_TYPES, REPORT_FILTER_TYPES, REPORT_TYPES, reportFilterApplies, type AdminReportFields, type ReportFilterName, type ReportFormat,
} from '@auction/contracts';
import { useProfile, useServices } from '../../ui/services-context.js';
import './communication.css';

type Fields = Record<keyof AdminReportFields, string>;
const EMPTY: Fields = {
  reportType: 'OFFERS', typeExport: 'CSV', from: '', to: '', idAuction: '', idDealer: '', idMarket: '', idTemplate: '', loginType: '', username: '',
  vatCode: '', templateName: '', auctionName: '', flgDeleted: '',
};
const TEXT_FILTERS = ['idAuction', 'idDealer', 'idTemplate', 'username', 'vatCode', 'templateName', 'auctionName'] as const;
const FILTERS = Object.keys(REPORT_FILTER_TYPES) as ReportFilterName[];

/** The query of a report: the filled fields only (the spec: dates are sent only when not empty). */
export function reportQuery(values: Fields): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}

/**
 * The `report` screen (ADMIN, CUSTOMER_CENTER): the report type and the spec's filters on react-hook-form with the
 * contract's schema (the same the server checks), only the filters of the chosen type shown; "Download CSV" and
 * "Download Excel" fetch `GET /admin/report` as a file, which the server streams as it reads the rows.
 */
export function ReportScreen() {
  const { t } = useTranslation('communication');
  const { http } = useServices();
  const markets = useProfile()?.adminEnabledMarket ?? [];
  const ids = useId();
  const [started, setStarted] = useState(false);
  const { register, handleSubmit, watch, setValue, getValues, formState: { errors } } = useForm<Fields>({
    resolver: zodResolver(AdminReportQuery as never) as never, defaultValues: EMPTY, mode: 'onSubmit',
  });
  const type = watch('reportType') as (typeof REPORT_TYPES)[number];
  const shown = (name: ReportFilterName) => reportFilterApplies(name, type);

  // A filter the chosen report does not have is emptied (the server refuses it: 400392).
  useEffect(() => {
    for (const name of FILTERS) if (!reportFilterApplies(name, type) && getValues(name) !== '') setValue(name, '');
  }, [type, getValues, setValue]);

  const download = (format: ReportFormat) => {
    setValue('typeExport', format);
    setStarted(false);
    void handleSubmit(() => {
      const link = document.createElement('a');
      link.href = http.url('/api/v1/admin/report', reportQuery({ ...getValues(), typeExport: format }));
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
      setStarted(true);
    })();
  };

  const error = (name: keyof Fields) => {
    const e = errors[name];
    if (!e) return null;
    const code = name === 'from' && /after/.test(String(e.message)) ? 400391 : 400390;
    return <span id={`${ids}-${name}-error`} className="field-error" data-testid={`report-${name}-error`}>{t(`errors:${code}`)}</span>;
  };
  const field = (name: keyof Fields, label: string, control: ReactNode) => (
    <label className="field" key={name}>
      <span>{label}</span>
      {control}
      {error(name)}
    </label>
  );
  const aria = (name: keyof Fields) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${name}-error` } : {});

  return (
    <section aria-labelledby="report-title" className="report-screen" data-testid="report-screen">
      <div className="page-head"><h1 id="report-title">{t('report.title')}</h1></div>
      <p className="muted">{t('report.intro')}</p>
      <form noValidate onSubmit={(e) => { e.preventDefault(); download('CSV'); }}>
        {field('reportType', t('report.type'), (
          <select {...register('reportType')} data-testid="report-type">
            {REPORT_TYPES.map((r) => <option key={r} value={r}>{t(`report.types.${r}`)}</option>)}
          </select>
        ))}
        <fieldset className="report-filters">
          <legend>{t('report.filters')}</legend>
          {field('from', t('report.from'), <input type="date" {...register('from')} {...aria('from')} data-testid="report-from" />)}
          {field('to', t('report.to'), <input type="date" {...register('to')} {...aria('to')} data-testid="report-to" />)}
          {field('idMarket', t('report.market'), (
            <select {...register('idMarket')} data-testid="report-market">
              <option value="">{t('report.anyMarket')}</option>
              {markets.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
          ))}
          {shown('loginType') && field('loginType', t('report.loginType'), (
            <select {...register('loginType')} data-testid="report-loginType">
              <option value="">{t('report.anyLoginType')}</option>
              {LOGIN_TYPES.map((l) => <option key={l} value={l}>{t(`report.loginTypes.${l}`)}</option>)}
            </select>
          ))}
          {TEXT_FILTERS.filter(shown).map((name) => field(name, t(`report.${name}`),
            <input type="text" autoComplete="off" spellCheck={false} maxLength={name.startsWith('id') ? 64 : 120} {...register(name)} {...aria(name)} data-testid={`report-${name}`} />))}
          {shown('flgDeleted') && field('flgDeleted', t('report.flgDeleted'), (
            <select {...register('flgDeleted')} data-testid="report-flgDeleted">
              <option value="">{t('report.deletedNo')}</option>
              <option value="true">{t('report.deletedYes')}</option>
            </select>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" data-testid="report-csv">{t('report.csv')}</button>
          <button type="button" className="btn" onClick={() => download('XLSX')} data-testid="report-xlsx">{t('report.xlsx')}</button>
        </div>
      </form>
      {started && <p role="status" className="form-ok" data-testid="report-started">{t('report.started')}</p>}
    </section>
  );
}
