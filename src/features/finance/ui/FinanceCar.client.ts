/** The finance page's car: loaded from the car_id in the address. */
import { loadFinanceCar } from "~/features/finance/finance-car.client";

const car = document.querySelector<HTMLElement>("[data-finance-car]");
if (car) void loadFinanceCar(car, new URLSearchParams(window.location.search).get("car_id"));
