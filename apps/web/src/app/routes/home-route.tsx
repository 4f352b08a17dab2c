import { PopularPreview, SpecialsPreview } from '../../features/catalogue/components/home-sections'
import { HomePromos, HomeSlider } from '../../features/content/components/home-banners'
import { RecentNews } from '../../features/content/components/recent-news'

/** Home: the banner slider, promotions, 'Popular Products' and 'Web Specials' (4 each), recent news. */
export function HomeRoute() {
  return (
    <div className="page">
      <title>Home</title>
      <h1 className="sr-only">Home</h1>
      <HomeSlider />
      <HomePromos />
      <PopularPreview />
      <SpecialsPreview />
      <RecentNews />
    </div>
  )
}
