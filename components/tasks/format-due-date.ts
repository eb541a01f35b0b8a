import { formatDate, type FormatLocale } from '@/lib/format';

/** A calendar day `JJJJ-MM-TT` in the UI's format (noon UTC is the same day in Germany). */
export const formatDueDate = (day: string, locale: FormatLocale) => formatDate(`${day}T12:00:00Z`, locale);
