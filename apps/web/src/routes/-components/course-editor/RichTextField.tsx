import { Center, Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './RichTextEditorField.tsx';

const RichTextEditorField = lazy(() => import('./RichTextEditorField.tsx'));

/** The rich-text field, its editor (tiptap) fetched when first shown; as high as the editor meanwhile. */
export function RichTextField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label}>
          <Center h={546} mt={4}>
            <Loader size="sm" />
          </Center>
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
