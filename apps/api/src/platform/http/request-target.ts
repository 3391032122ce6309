/**
 * The request target as the router should see it. Authorization never reads the URL (the guard reads the matched
 * route), but the router must resolve every spelling of a path to the one route it names, so that an odd spelling
 * meets that route's guard instead of another handler: an absolute-form target (`http://host/path`) becomes its
 * path, encoded dots (`%2e`) are decoded, `.` and `..` segments are resolved (RFC 3986, 5.2.4) and repeated slashes
 * collapse. Trailing slashes and letter case are the router's options (`ignoreTrailingSlash`, `caseSensitive`).
 */
export function normalizeRequestTarget(url: string): string {
  let target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  if (!target.startsWith('/')) target = `/${target}`;
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q);
  return removeDotSegments(path.replace(/%2e/gi, '.').replace(/\/{2,}/g, '/')) + query;
}

function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 0) out.pop();
      if (last) out.push('');
      return;
    }
    out.push(segment);
  });
  return `/${out.join('/')}`;
}
