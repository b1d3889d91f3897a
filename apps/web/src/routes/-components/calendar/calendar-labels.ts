import dayjs from 'dayjs';
import { dateFormat, formatDate } from '../../../lib/format.ts';

/**
 * The month calendar's words and numbers through Intl in the interface's language, so that no dayjs
 * locale has to be loaded. Mantine hands over local days as 'YYYY-MM-DD'; dayjs reads them as local
 * midnights (a plain `new Date('2031-01-15')` would be UTC).
 */
export const localDay = (day: string) => dayjs(day).toDate();

const year = (day: string) => formatDate(localDay(day), 'year');

export const CALENDAR_LABELS = {
  monthLabelFormat: (day: string) => formatDate(localDay(day), 'monthYear'),
  yearLabelFormat: year,
  decadeLabelFormat: (start: string, end: string) => dateFormat({ year: 'numeric' }).formatRange(localDay(start), localDay(end)),
  monthsListFormat: (day: string) => formatDate(localDay(day), 'shortMonth'),
  yearsListFormat: year,
  weekdayFormat: (day: string) => formatDate(localDay(day), 'narrowWeekday'),
};
