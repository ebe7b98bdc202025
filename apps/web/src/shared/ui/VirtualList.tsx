import { useState, type ReactNode, type UIEvent } from 'react';

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  height: number;
  /** Rows drawn beyond the visible ones on each side, so fast scrolling shows no gap. */
  overscan?: number;
  itemKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Called when the last rows come into view (load the next page). */
  onEndReached?: () => void;
  'aria-label': string;
}

/**
 * A list of fixed-height rows that only mounts the rows in view: ten thousand items cost a few dozen DOM
 * nodes. The scroll box holds a spacer of the full height; visible rows sit at their offsets.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  overscan = 4,
  itemKey,
  renderRow,
  onEndReached,
  ...aria
}: VirtualListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    setScrollTop(top);
    if (onEndReached && top + height >= items.length * rowHeight - rowHeight * 2) onEndReached();
  };
  return (
    <div
      role="list"
      aria-label={aria['aria-label']}
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={onScroll}
      tabIndex={0}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, offset) => {
          const index = first + offset;
          return (
            <div
              key={itemKey(item)}
              role="listitem"
              aria-posinset={index + 1}
              aria-setsize={items.length}
              style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
            >
              {renderRow(item, index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
