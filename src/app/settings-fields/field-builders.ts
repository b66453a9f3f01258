import type { Settings } from '../../core/settings';
import type { ChoiceSpec, NumberSpec, SettingsGroup, ToggleSpec } from './field-spec';

const onOff = (v: boolean) => (v ? 'on' : 'off');
const plain = (n: number) => String(Number(n.toFixed(6)));

export function num(
  id: string,
  group: SettingsGroup,
  label: string,
  range: [number, number, number],
  get: (s: Settings) => number | undefined,
  set: (s: Settings, v: number) => Settings,
  more: Partial<NumberSpec> = {},
): NumberSpec {
  const [min, max, step] = range;
  return { type: 'number', id, group, label, min, max, step, integer: Number.isInteger(step) && Number.isInteger(min), get, set, show: plain, ...more };
}

export function toggle(
  id: string,
  group: SettingsGroup,
  label: string,
  get: (s: Settings) => boolean | undefined,
  set: (s: Settings, v: boolean) => Settings,
  more: Partial<ToggleSpec> = {},
): ToggleSpec {
  return { type: 'toggle', id, group, label, get, set, show: onOff, ...more };
}

export function choice(
  id: string,
  group: SettingsGroup,
  label: string,
  options: ChoiceSpec['options'],
  get: (s: Settings) => string | undefined,
  set: (s: Settings, v: string) => Settings,
  more: Partial<ChoiceSpec> = {},
): ChoiceSpec {
  const show = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return { type: 'choice', id, group, label, options, get, set, show, ...more };
}
