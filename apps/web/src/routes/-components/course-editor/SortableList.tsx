import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SortableListProps<T extends { id: string; title: string }> {
  items: T[];
  /** The items' ids in their new order, after a drag (by pointer, or Space and the arrow keys on a handle). */
  onReorder: (ids: string[]) => void;
  label: string;
  children: (item: T, handle: ReactNode) => ReactNode;
}

/** A list whose items are reordered by dragging their handle, or from the keyboard (Space, arrows, Space). */
export function SortableList<T extends { id: string; title: string }>({ items, onReorder, label, children }: SortableListProps<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => items.find((item) => item.id === id)?.title ?? '';
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = items.map((item) => item.id);
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('courseEditor.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('courseEditor.dragStart', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) => (over ? t('courseEditor.dragOver', { title: titleOf(active.id), position: items.findIndex((i) => i.id === over.id) + 1 }) : undefined),
          onDragEnd: ({ active, over }) => (over ? t('courseEditor.dragEnd', { title: titleOf(active.id), position: items.findIndex((i) => i.id === over.id) + 1 }) : undefined),
          onDragCancel: ({ active }) => t('courseEditor.dragCancel', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <div role="list" aria-label={label} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} handleLabel={t('courseEditor.dragHandle', { title: item.title })}>
              {(handle) => children(item, handle)}
            </SortableItem>
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, handleLabel, children }: { id: string; handleLabel: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={14} />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : 1 }}
    >
      {children(handle)}
    </div>
  );
}
