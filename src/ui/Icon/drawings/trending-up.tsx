export const trendingUp = <path d="M22 7 13.5 15.5l-5-5L2 17M16 7h6v6" />
