import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { FileUpload, type FileUploadProps, type MediaItem } from '../../src/web/ui/file-upload';

const MB = 1024 * 1024;

const image: MediaItem = { id: 'img-1', name: 'portada-verano.jpg', type: 'image/jpeg', size: 2 * MB, width: 1080, height: 1080 };
const video: MediaItem = {
  id: 'vid-1',
  name: 'promo-cafe.mp4',
  type: 'video/mp4',
  size: 48 * MB,
  width: 1920,
  height: 1080,
  duration: 32,
  thumbnail: 'miniatura-promo.jpg',
};

function UploadDemo(props: Omit<FileUploadProps, 'onValueChange'>) {
  const [value, setValue] = useState<MediaItem[]>([...props.value]);
  return <FileUpload {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: 'UI/Forms/FileUpload',
  component: UploadDemo,
  tags: ['autodocs'],
  args: { label: 'Imágenes y videos del anuncio', value: [] },
} satisfies Meta<typeof UploadDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Valid: Story = { args: { value: [image, video] } };
/** While the browser reads a file's dimensions and length. */
export const Reading: Story = {
  args: { value: [{ id: 'r-1', name: 'promo-otono.mov', type: 'video/quicktime', size: 120 * MB, reading: true }] },
};
export const ImageTooLarge: Story = { args: { value: [{ ...image, name: 'foto-sin-comprimir.png', type: 'image/png', size: 12 * MB }] } };
export const ImageTooSmall: Story = { args: { value: [{ ...image, name: 'icono.png', type: 'image/png', width: 200, height: 120 }] } };
export const VideoTooLarge: Story = { args: { value: [{ ...video, size: 420 * MB }] } };
export const VideoTooSmall: Story = { args: { value: [{ ...video, width: 480, height: 240 }] } };
export const VideoTooLong: Story = { args: { value: [{ ...video, duration: 185 }] } };
export const VideoWithoutThumbnail: Story = { args: { value: [{ ...video, thumbnail: undefined }] } };
export const InvalidFormat: Story = { args: { value: [{ id: 'gif-1', name: 'animacion.gif', type: 'image/gif', size: 3 * MB }] } };
export const TooManyCarouselFiles: Story = {
  args: { value: Array.from({ length: 11 }, (_, index) => ({ ...image, id: `img-${index}`, name: `carrusel-${index + 1}.jpg` })) },
};
export const Disabled: Story = { args: { value: [image], disabled: true } };
/** Each file on its way to the server (ad campaigns upload as soon as a file is chosen). */
export const Uploading: Story = {
  args: {
    value: [
      { ...image, upload: { state: 'uploading' } },
      { ...video, upload: { state: 'uploading' }, thumbnailUpload: { state: 'uploading' } },
    ],
  },
};
export const Uploaded: Story = {
  args: {
    value: [
      { ...image, upload: { state: 'uploaded', mediaId: 1 } },
      { ...video, upload: { state: 'uploaded', mediaId: 2 }, thumbnailUpload: { state: 'uploaded', mediaId: 3 } },
    ],
  },
};
/** The server checked the file again and refused it: its words on that file. */
export const UploadRefused: Story = {
  args: {
    value: [
      { ...video, upload: { state: 'failed', message: 'El video dura más de 120 segundos.' } },
      {
        ...video,
        id: 'vid-2',
        name: 'promo-invierno.mp4',
        upload: { state: 'uploaded', mediaId: 4 },
        thumbnailUpload: { state: 'failed', message: 'La imagen debe medir al menos 254×133 px.' },
      },
    ],
  },
};
