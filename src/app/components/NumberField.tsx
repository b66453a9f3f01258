/** A labelled number input; `hint` shows as the label's tooltip. */
export function NumberField({
  label,
  value,
  min,
  max,
  step,
  hint,
  onChange,
}: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  step?: number;
  hint?: string;
  onChange(n: number): void;
}) {
  return (
    <label title={hint}>
      {label} <input type="number" min={min} max={max} step={step} value={value} onChange={(x) => onChange(Number(x.target.value))} />
    </label>
  );
}
