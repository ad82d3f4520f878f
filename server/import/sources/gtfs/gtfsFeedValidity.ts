import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { feedParts, type GtfsFeedSource, openGtfsFolder } from './gtfsFeedFiles';
import { gtfsDate, gtfsInteger } from './gtfsValues';

/**
 * The validity period of a network: the first and last day of its service calendar (`calendar.txt`
 * periods and the dates `calendar_dates.txt` adds), over every part of a bundle; null without calendar.
 */
export async function readFeedValidity(feed: GtfsFeedSource): Promise<{ start: string; end: string } | null> {
  let start: string | null = null;
  let end: string | null = null;
  const widen = (date: string | null) => {
    if (date === null) return;
    if (start === null || date < start) start = date;
    if (end === null || date > end) end = date;
  };
  for (const part of feedParts(feed)) {
    const folder = await openGtfsFolder(part, ['calendar.txt', 'calendar_dates.txt']);
    try {
      if (existsSync(join(folder, 'calendar.txt'))) {
        await forEachDelimitedRow(join(folder, 'calendar.txt'), { separator: ',' }, (row) => {
          widen(gtfsDate(row, 'start_date', true));
          widen(gtfsDate(row, 'end_date', true));
        });
      }
      if (existsSync(join(folder, 'calendar_dates.txt'))) {
        await forEachDelimitedRow(join(folder, 'calendar_dates.txt'), { separator: ',' }, (row) => {
          if (gtfsInteger(row, 'exception_type', 1, 2, true) === 1) widen(gtfsDate(row, 'date', true));
        });
      }
    } finally {
      if (part.kind === 'zip') rmSync(folder, { recursive: true, force: true });
    }
  }
  return start === null || end === null ? null : { start, end };
}
