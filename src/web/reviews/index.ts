// What a profile shows of reviews: the block with the list and the form.
export { ReviewsBlock } from "./reviews-block.tsx";
