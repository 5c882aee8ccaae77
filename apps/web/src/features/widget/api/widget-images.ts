import type {
  WidgetImageDeleteResponse,
  WidgetImageType,
  WidgetImageUploadResponse,
} from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreWidgetSettings } from './update-widget-settings';

export type UploadWidgetImageInput = {
  type: WidgetImageType;
  file: File;
  onProgress?: (fraction: number) => void;
};

/** POST /api/widget/upload-image (multipart `imageType` first, then `image`); the server stores it in the settings. */
export function uploadWidgetImage({ type, file, onProgress }: UploadWidgetImageInput) {
  const form = new FormData();
  form.append('imageType', type);
  form.append('image', file, file.name);
  return api.postForm<WidgetImageUploadResponse>('/api/widget/upload-image', form, { onProgress });
}

export function useUploadWidgetImage() {
  const store = useStoreWidgetSettings();
  return useMutation({ mutationFn: uploadWidgetImage, onSuccess: (answer) => store(answer.settings) });
}

/** DELETE /api/widget/image/{type}: the widget shows initials again. */
export function deleteWidgetImage(type: WidgetImageType) {
  return api.delete<WidgetImageDeleteResponse>(`/api/widget/image/${type}`);
}

export function useDeleteWidgetImage() {
  const store = useStoreWidgetSettings();
  return useMutation({ mutationFn: deleteWidgetImage, onSuccess: (answer) => store(answer.settings) });
}
