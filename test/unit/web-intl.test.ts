import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, intlCookieValue, parseIntlCookie, setIntlSettings } from '../../web/src/intl.ts';

// The dashboard's dates and numbers (web/src/intl.ts): written in the settings of
// the page being rendered, and the cookie in which a browser tells the server its
// own, read strictly (anything but a known locale and time zone is no cookie).

describe("the dashboard's locale and time zone", () => {
  afterEach(() => setIntlSettings());

  it('writes dates and numbers in the settings set, and in the runtime’s own after', () => {
    setIntlSettings({ locale: 'de-DE', timeZone: 'America/New_York' });
    expect(formatDateTime('2026-11-28T12:05:00Z')).toBe('28.11.2026, 07:05');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(12.345, { maximumFractionDigits: 1 })).toBe('12,3');
    setIntlSettings({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(formatDateTime('2026-11-28T12:05:00Z')).toBe('28 Nov 2026, 21:05');
    setIntlSettings();
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat().format(1234567));
    expect(formatDateTime('not a time')).toBe('not a time');
  });

  it('keeps writing right past as many settings as a server may be told (its formatters kept bounded)', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 300);
    for (const timeZone of zones)
      for (const locale of ['en-GB', 'de-DE']) {
        setIntlSettings({ locale, timeZone });
        expect(formatDateTime('2026-11-28T12:05:00Z')).toBe(
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(Date.parse('2026-11-28T12:05:00Z')),
        );
      }
  });

  it('reads back the cookie it writes, and nothing else', () => {
    const value = intlCookieValue({ locale: 'pt-BR', timeZone: 'America/Sao_Paulo' });
    expect(parseIntlCookie(value)).toEqual({ locale: 'pt-BR', timeZone: 'America/Sao_Paulo' });
    expect(parseIntlCookie(encodeURIComponent('EN-gb europe/london'))).toEqual({ locale: 'en-GB', timeZone: 'Europe/London' });
    for (const bad of [
      undefined,
      '',
      encodeURIComponent('en-GB'),
      encodeURIComponent('en-GB Mars/Olympus_Mons'),
      encodeURIComponent('not_a_locale! Europe/London'),
      encodeURIComponent('en-GB Europe/London extra'),
      '%E0%A4%A',
    ])
      expect(parseIntlCookie(bad), String(bad)).toBeNull();
  });
});
