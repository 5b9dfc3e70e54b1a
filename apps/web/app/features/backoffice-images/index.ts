export { ImageUpload } from './image-upload.tsx';
