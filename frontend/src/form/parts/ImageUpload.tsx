// A form part (src/form/parts.ts): the Bot Personalizer's avatar and banner.
export { ImageUploadWidget } from '../widgets/image-upload';
