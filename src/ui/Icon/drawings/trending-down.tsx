export const trendingDown = <path d="M22 17 13.5 8.5l-5 5L2 7M16 17h6v-6" />
