export { PostPreview } from './components/post-preview'
