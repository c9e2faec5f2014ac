/** A call tag: its name in white on its colour (the domain keeps the colour dark enough). */
export function TagChip({ name, colour }: { name: string; colour: string }) {
  return (
    <span className="tag-chip" style={{ backgroundColor: colour, color: '#fff' }}>
      {name}
    </span>
  );
}
