// The colour of a category: a small filled square (with an edge, so light colours show on any background).
export function CategorySwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      data-color={color}
      style={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: 2,
        background: color,
        border: '1px solid rgba(0, 0, 0, 0.25)',
        flex: 'none',
      }}
    />
  );
}
