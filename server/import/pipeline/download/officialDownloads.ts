import { ADMIN_URLS } from '../../sources/admin/urls';
import { BAN_URLS } from '../../sources/ban/urls';
import { BPE_URLS } from '../../sources/bpe/urls';
import { INSEE_URLS } from '../../sources/insee/urls';
import { IRIS_URLS } from '../../sources/iris/urls';
import { JOB_SEEKERS_URLS } from '../../sources/job-seekers/urls';
import { NAF_URLS } from '../../sources/naf/urls';
import type { OfficialDownload } from './OfficialDownload';

/** Every source that can be downloaded from its publisher. */
export const OFFICIAL_DOWNLOADS: readonly OfficialDownload[] = [
  ADMIN_URLS,
  IRIS_URLS,
  INSEE_URLS,
  BPE_URLS,
  NAF_URLS,
  JOB_SEEKERS_URLS,
  BAN_URLS,
];
