import { LEAD_KINDS, type LeadKindSpec } from '../core/pipeline';

/** A lead table in which every kind of finding is stated: for tests of what a finding stage finds, apart from whether it is stated. */
export const EVERY_KIND_STATES: readonly LeadKindSpec[] = LEAD_KINDS.map((k) => ({ ...k, measured: { right: 1, led: 1, set: 'test' } }));
