import { Controller, Get, Query, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  CtElementsMapQuery, CtElementsQuery, CtGroupQuery, type CtElementsAnswer, type CtElementsMapAnswer, type CtGroupAnswer,
} from '@auction/contracts';
import { CodeTableError, elements, elementsMap, groups } from '@auction/reference-data';
import { parse } from '../../platform/http/validation.js';
import { Public } from '../auth.guard.js';
import { CodeTableErrorFilter } from './code-table-error.filter.js';

/**
 * The tables change only with a release: browsers and proxies may keep an answer an hour. Set on success only
 * (Nest's `@Header` would also stamp an error), so a mistyped call is never remembered.
 */
export const CODE_TABLE_CACHE_CONTROL = 'public, max-age=3600';

/** Marks a successful answer cacheable and hands it back. */
function cacheable<T>(reply: FastifyReply, answer: T): T {
  void reply.header('cache-control', CODE_TABLE_CACHE_CONTROL);
  return answer;
}

/**
 * The one language of a query: `lang` repeated with the same value (any case, blanks around) is that value; two
 * different values are refused with 400074 like every other single-valued parameter of the tables (not guessed).
 */
export function singleLanguage(lang: string | readonly string[] | undefined): string | undefined {
  if (typeof lang === 'string' || lang === undefined) return lang;
  const values = [...new Set(lang.map((v) => v.trim().toLowerCase()).filter((v) => v !== ''))];
  if (values.length > 1) throw new CodeTableError('TOO_MANY_VALUES', 'lang', `lang takes one value, got ${values.length}`);
  return values[0];
}

/**
 * The code tables (spec 01 §7), open to anyone: the registration form fills its dropdowns with them before any
 * login. The rules (which groups, per-market tables, translations, order, errors 400070–400075) are
 * `@auction/reference-data`'s; this shell bounds the raw query (NUL, lone surrogates, oversized values: 400001) and
 * hands it over as Fastify parsed it (a repeated parameter is a list).
 */
@Controller('api/v1/open')
@UseFilters(CodeTableErrorFilter)
export class CodeTablesController {
  @Public()
  @Get('ct-elements-map')
  elementsMap(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): CtElementsMapAnswer {
    const { groupCodes, idMarkets, lang } = parse(CtElementsMapQuery, query, 'query');
    return cacheable(reply, elementsMap({ groupCodes, idMarkets, lang: singleLanguage(lang) }) as CtElementsMapAnswer);
  }

  @Public()
  @Get('ct-elements')
  elements(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): CtElementsAnswer {
    const { groupCode, elementCode, idMarket, lang } = parse(CtElementsQuery, query, 'query');
    return cacheable(reply, elements({ groupCode, elementCode, idMarket, lang: singleLanguage(lang) }) as CtElementsAnswer);
  }

  @Public()
  @Get('ct-group')
  groups(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply): CtGroupAnswer {
    const { groupCode, lang } = parse(CtGroupQuery, query, 'query');
    return cacheable(reply, groups(groupCode, singleLanguage(lang)) as CtGroupAnswer);
  }
}
