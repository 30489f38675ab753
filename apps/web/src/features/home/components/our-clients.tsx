import client1 from '../assets/client-1.svg';
import client2 from '../assets/client-2.svg';
import client3 from '../assets/client-3.svg';
import client4 from '../assets/client-4.svg';
import client5 from '../assets/client-5.svg';
import client6 from '../assets/client-6.svg';

const clients = [
  { name: 'Northwind Labs', logo: client1 },
  { name: 'Brightpath Schools', logo: client2 },
  { name: 'Cobalt Studio', logo: client3 },
  { name: 'Harbor Health', logo: client4 },
  { name: 'Pixelforge', logo: client5 },
  { name: 'GreenLeaf Co.', logo: client6 },
];

export function OurClients() {
  return (
    <section aria-labelledby="our-clients-title" className="py-12 sm:py-16">
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="our-clients-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Our clients
          </h2>
          <p className="mt-2 text-base-content/75">
            Schools, studios and growing teams buy their laptops from our sellers.
          </p>
        </div>
        <ul className="mt-8 grid grid-cols-2 items-center gap-x-6 gap-y-8 sm:mt-10 sm:grid-cols-3 lg:grid-cols-6">
          {clients.map((client) => (
            <li key={client.name} className="flex justify-center">
              <img
                src={client.logo}
                alt={client.name}
                width={240}
                height={80}
                loading="lazy"
                decoding="async"
                className="h-auto w-full max-w-44 opacity-70 transition-opacity duration-200 hover:opacity-100"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
